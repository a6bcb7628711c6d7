/** The mail-in address: the Settings "Inbound" card and its part of the data provider (decision 0069). */
export { inboundProvider, useInboundActions, type InboundActions } from './provider';
export { InboundCard } from './InboundCard';
