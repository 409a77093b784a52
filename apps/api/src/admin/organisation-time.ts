// The organisation's calendar lives once, in @charity/domain (packages/domain/src/organisation-time.ts); this
// module only re-exports what the admin queries use, so their imports read locally.
export {
  addDays,
  DAY_MS,
  monthStartDay,
  organisationCalendar,
  organisationDayEnd,
  organisationDayStart,
  type OrganisationCalendar,
} from '@charity/domain';
