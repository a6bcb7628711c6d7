import { LegalPage } from './LegalPage';

/** /terms: the Terms of Service the sign-in screen links to. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      intro="Shipment Manager helps brands that sell on Faire send tracking numbers to their Faire orders and keep an eye on late orders. By signing in you agree to these terms on behalf of yourself and the company you use it for."
      sections={[
        {
          heading: 'Your account and your company',
          body: 'You sign in with your Google account. A company admin invites the team, sets roles and connects the company’s Faire brand; everyone in a company sees its orders and shipments. Keep your Google account secure: what is done in your session is done by you.',
        },
        {
          heading: 'Your Faire connection',
          body: 'When an admin connects Faire, you authorise Shipment Manager to read your brand, orders and shipments and to add shipments and accept orders on your behalf. You can disconnect at any time in Settings; shipments already created stay on Faire.',
        },
        {
          heading: 'What you upload',
          body: 'You are responsible for the shipment data you upload and review before sending. Each row is checked and shown to you before it is sent, and a shipment is created on Faire once per order and tracking number, but Faire’s own rules and answers decide whether it is accepted.',
        },
        {
          heading: 'Fair use',
          body: 'Do not use the service to send data you have no right to, to probe or overload it, or to reach other companies’ data. Requests are limited to keep the service fast for everyone.',
        },
        {
          heading: 'Availability and liability',
          body: 'We work to keep the service running and your data safe, but it is provided as is: we cannot promise it is never interrupted, and we are not liable for losses from Faire being unavailable or from data uploaded in error, to the extent the law allows.',
        },
        {
          heading: 'Changes',
          body: 'We may update these terms; the date above says when they last changed. Using the service after a change means you accept the new terms.',
        },
      ]}
    />
  );
}
