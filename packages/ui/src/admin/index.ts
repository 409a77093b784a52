// Components of the admin area; each file exports its component, and this barrel re-exports them.
export { LoginForm, LOGIN_TEXT, type LoginFormProps, type LoginCredentials } from './LoginForm';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EventFormModal, EVENT_FORM_TEXT, eventFormValues, type EventFormModalProps, type EventFormValues } from './EventFormModal';
export {
  AdminEventList,
  ADMIN_EVENTS_TEXT,
  EVENT_IMAGE_ACCEPT,
  eventImagesHeading,
  type AdminEventListProps,
  type AdminEventListStatus,
} from './AdminEventList';
export { AdminEventsHeader, ADMIN_HEADER_TEXT, welcomeLine, type AdminEventsHeaderProps, type AdminHeaderUser } from './AdminEventsHeader';
