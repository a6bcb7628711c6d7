import { resourceProvider } from '../api/compose';
import { CONNECTORS } from './registry';

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ConnectorActions = Intersection<(typeof CONNECTORS)[number]['actions']>;

/** Every registered connector's own calls (connect, ...), one part of the data provider (decision 0053). */
export const connectorsProvider = resourceProvider({
  actions: Object.assign({}, ...CONNECTORS.map((c) => c.actions)) as ConnectorActions,
});
