// Components of the events area; each file exports its component, and this barrel re-exports them.
export { EventStatusBadge, eventStatusLabel, type EventStatusBadgeProps } from './EventStatusBadge';
export { EventPicker, type EventPickerProps, type EventPickerItem } from './EventPicker';
export { EventDetails, type EventDetailsProps, type EventDetailsEvent } from './EventDetails';
export { Lightbox, type LightboxProps, type GalleryImage } from './Lightbox';
export { Gallery, GALLERY_TEXT, type GalleryProps } from './Gallery';
export { EventsHero, EventsClosing, EVENTS_TEXT, type EventsHeroProps, type EventsClosingProps } from './EventsSections';
