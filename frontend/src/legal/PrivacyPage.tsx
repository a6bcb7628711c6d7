import { LegalPage } from './LegalPage';

/** /privacy: the Privacy Policy the sign-in screen links to. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      intro="This page says what Shipment Manager keeps about you and your company, why, and for how long."
      sections={[
        {
          heading: 'What we keep',
          body: 'Your name and email from Google; your company, its members and their roles; the Faire connection’s access token (encrypted); the shipment files you upload and the rows they hold; your Faire orders as last synced; and a log of account activity (sign-ins, invitations, uploads, settings changes).',
        },
        {
          heading: 'Why',
          body: 'To sign you in, to create your shipments on Faire and show what happened to each row, to show your open and late orders, and to keep the service secure. We do not sell your data or use it for advertising.',
        },
        {
          heading: 'Who else sees it',
          body: 'Faire receives the shipments you send and the requests made with your connection. The members of your company see its orders, shipments and activity. The platform’s administrators can see accounts and activity to run and support the service.',
        },
        {
          heading: 'How long',
          body: 'Shipment history and activity are kept while your company uses the service. Disconnecting Faire revokes its token at once. Ask your company admin to remove you from the company, or contact the platform’s administrators to have your account removed.',
        },
        {
          heading: 'Security',
          body: 'Tokens and secrets are encrypted at rest and never shown in the browser or logs; sessions use secure cookies; every request is checked for who is calling and which company the data belongs to.',
        },
      ]}
    />
  );
}
