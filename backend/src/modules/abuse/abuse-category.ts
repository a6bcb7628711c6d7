export type AbuseCategory = 'signIn' | 'invite' | 'acceptInvite' | 'upload' | 'retry' | 'store';
/** Route metadata key holding a route's AbuseCategory. */
export const CATEGORY = 'abuse:category';
