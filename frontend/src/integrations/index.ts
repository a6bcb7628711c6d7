/** The cards other screens show of the company's sources; "Needs attention" is a route (AttentionPage). */
export { ArrivedTodayCard } from './ArrivedTodayCard';
export { AttentionCount } from './AttentionCount';
export { IntegrationsCard } from './IntegrationsCard';
export { WaitingItems, type WaitingFilter } from './WaitingItems';
export { useSourceKinds } from './sourceKinds';
/** The sources' part of the data provider (decision 0053). */
export { integrationsProvider, useIntegrationsActions, type IntegrationsActions } from './provider';
