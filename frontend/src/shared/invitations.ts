import type { Schema } from '../api/schema';

/** After an invitation was sent: where it went (emailed, kept in the development outbox, not sent). */
export type InvitationDelivery = NonNullable<Schema<'TeamMemberView'>['invitationDelivery']>;

/** The invitation toast's words: where the invitation went, never "emailed" when nothing was mailed. */
export function deliveryText(email: string, delivery: InvitationDelivery | undefined, where: string): string {
  if (delivery === 'OUTBOX') {
    return `No mail server is set up, so nothing was emailed: the invitation link for ${email} is in ${where}`;
  }
  if (delivery === 'NOT_SENT') {
    return `No mail server is set up, so no email was sent to ${email}; set SMTP_URL to send invitations`;
  }
  return `We emailed an invitation to ${email}`;
}

/** The `invitationDelivery` of an invite or resend answer. */
export function deliveryOf(result: unknown): InvitationDelivery | undefined {
  const d = (result as { invitationDelivery?: unknown } | null)?.invitationDelivery;
  return d === 'EMAIL' || d === 'OUTBOX' || d === 'NOT_SENT' ? d : undefined;
}
