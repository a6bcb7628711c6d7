export type AbuseCategory = 'signIn' | 'invite' | 'upload' | 'retry';
/** Route metadata key holding a route's AbuseCategory. */
export const CATEGORY = 'abuse:category';
