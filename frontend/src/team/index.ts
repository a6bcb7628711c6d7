// The team: members and activity lists, invitations, the development outbox (decision 0053).
export * from './provider';
export * from './api';
