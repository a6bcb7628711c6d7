/** What the portal asks Faire to allow, in the spec's words. */
export const PERMISSIONS = [
  'Fetch brand info',
  'Fetch order info',
  'Fetch shipments info',
  'Add/update/delete order info',
] as const;
