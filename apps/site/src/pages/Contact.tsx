import { ORGANISATION, formatOrganisationAddress } from '@charity/domain';
import {
  ContactForm,
  ContactInfoCards,
  ContactLayout,
  EmergencyHotline,
  FAQ,
  OfficeHours,
  PageHero,
  PageSection,
  SocialLinks,
} from '@charity/ui';
import { CONTACT_FAQS, OFFICE_HOURS } from '../features/contact/content';
import { useContactSubmit } from '../features/contact/hooks/use-contact-submit';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageMeta } from '../lib/PageMeta';

const DETAILS = {
  phone: ORGANISATION.phones.main,
  phoneHours: ORGANISATION.phone_hours,
  email: ORGANISATION.email,
  replyWithinHours: ORGANISATION.reply_within_hours,
  address: formatOrganisationAddress(ORGANISATION.address),
};

export default function ContactPage() {
  useDocumentTitle('Contact');
  const { onSubmit, resetKey, serverErrors } = useContactSubmit();

  return (
    <>
      <PageMeta path="/contact" />
      <PageHero
        eyebrow="Get in Touch"
        title="Contact Us"
        lead={`Have a question about donating, volunteering or our work with children? We would love to hear from you, and we reply to every message within ${ORGANISATION.reply_within_hours} hours.`}
      />
      <ContactInfoCards details={DETAILS} />
      <ContactLayout
        title="Send Us a Message"
        intro="Fields marked * are required."
        main={<ContactForm onSubmit={onSubmit} resetKey={resetKey} serverErrors={serverErrors} />}
        aside={
          <>
            <OfficeHours hours={OFFICE_HOURS} />
            <EmergencyHotline hotline={ORGANISATION.phones.emergency_hotline} />
            <SocialLinks links={ORGANISATION.social_links} />
          </>
        }
      />
      <PageSection
        title="Frequently Asked Questions"
        intro="Quick answers to the questions we hear most often."
        tone="alt"
      >
        <FAQ
          items={CONTACT_FAQS}
          footer={
            <>
              Still have a question? Email us at <a href={`mailto:${ORGANISATION.email}`}>{ORGANISATION.email}</a>.
            </>
          }
        />
      </PageSection>
    </>
  );
}
