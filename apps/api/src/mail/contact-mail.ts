import { CONTACT_SUBJECTS, type ContactPayload } from '@charity/domain';
import type { MailMessage } from './mailer.js';

// The mail that tells the organisation a contact message has arrived. Everything from the visitor is data:
// escaped in the HTML part, kept out of headers except through headerSafe (no line breaks), and the visitor's
// address goes into Reply-To so staff can simply answer.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function subjectLabel(subject: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === subject)?.label ?? subject;
}

/** `adminUrl`: the admin inbox where staff find the message (the notice links to it). */
export function contactMail(message: ContactPayload & { id: number; receivedAt: Date }, to: string, adminUrl?: string): MailMessage {
  const label = subjectLabel(message.subject);
  const received = message.receivedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const rows: Array<[string, string]> = [
    ['Subject', label],
    ['Name', message.name],
    ['Email', message.email],
    ['Phone', message.phone ?? 'not given'],
    ['Received', received],
    ['Reference', `contact message #${message.id}`],
  ];
  const text = [
    'A new message arrived through the contact form on the website.',
    '',
    ...rows.map(([key, value]) => `${key}: ${value}`),
    '',
    'Message:',
    message.message,
    '',
    `Reply to this mail to answer ${message.name} directly. The site promises a reply within 24 hours.`,
    ...(adminUrl ? ['', `Open the inbox: ${adminUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<p>A new message arrived through the contact form on the website.</p>
<table>${rows.map(([key, value]) => `<tr><th align="left" style="padding-right: 1em">${key}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p><strong>Message:</strong></p>
<p style="white-space: pre-wrap">${escapeHtml(message.message)}</p>
<p>Reply to this mail to answer ${escapeHtml(message.name)} directly. The site promises a reply within 24 hours.</p>
${adminUrl ? `<p><a href="${escapeHtml(adminUrl)}">Open the inbox</a></p>\n` : ''}</body></html>`;
  return {
    to,
    subject: `Contact form: ${label} from ${message.name}`,
    text,
    html,
    replyTo: { name: message.name, address: message.email },
  };
}
