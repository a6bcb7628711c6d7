import { useDataProvider, type DataProvider, type GetListParams, type GetListResult } from 'react-admin';
import type { paths } from './schema';

/** One list a resource folder serves: react-admin's `getList` for that resource name. */
export type ListHandler = (params: GetListParams) => Promise<GetListResult>;

/**
 * What a resource folder gives the data provider (its `provider.ts`): the lists it serves by resource
 * name and its named actions (every other call it makes to the API), each one call through `apiRequest`.
 */
export interface ResourceProvider<A extends object = object> {
  lists?: Readonly<Record<string, ListHandler>>;
  actions: A;
}

/** Declares a resource folder's provider, keeping its actions' own types. */
export function resourceProvider<A extends object>(provider: ResourceProvider<A>): ResourceProvider<A> {
  return provider;
}

type ActionsOf<P> = P extends ResourceProvider<infer A> ? A : never;
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The data provider made of these parts: their actions together, as one type. */
export type ComposedDataProvider<P extends readonly ResourceProvider[]> = DataProvider &
  Intersection<ActionsOf<P[number]>>;

function unsupported(method: string) {
  return (resource: string): Promise<never> =>
    Promise.reject(new Error(`${method} is not offered for ${resource}`));
}

/**
 * react-admin's data provider assembled from the resource folders' providers: `getList` is routed to the
 * folder that serves the resource, the named actions are put side by side. Two folders claiming the same
 * list or action name is a mistake caught when the app starts.
 */
export function composeDataProvider<const P extends readonly ResourceProvider[]>(
  parts: P,
): ComposedDataProvider<P> {
  const lists = new Map<string, ListHandler>();
  const actions: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [name, handler] of Object.entries(part.lists ?? {})) {
      if (lists.has(name)) throw new Error(`Two providers serve the list "${name}"`);
      lists.set(name, handler);
    }
    for (const [name, action] of Object.entries(part.actions)) {
      if (name in actions) throw new Error(`Two providers name the action "${name}"`);
      actions[name] = action;
    }
  }
  const getList = (resource: string, params: GetListParams): Promise<GetListResult> => {
    const handler = lists.get(resource);
    return handler ? handler(params) : Promise.reject(new Error(`Unknown resource: ${resource}`));
  };
  const provider: DataProvider = {
    getList: getList as DataProvider['getList'],
    getOne: unsupported('getOne'),
    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    create: unsupported('create'),
    update: unsupported('update'),
    updateMany: unsupported('updateMany'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
  };
  return Object.assign(provider, actions) as ComposedDataProvider<P>;
}

/**
 * A resource folder's named actions, from react-admin's data provider (the one in `<Admin>`): a folder
 * sees its own actions only, never the assembled whole.
 */
export function useActions<A extends object>(): DataProvider & A {
  return useDataProvider<DataProvider & A>();
}

export const DEFAULT_PAGE = { page: 1, perPage: 50 };

/** A filter value as text ('' when absent or not text). */
export function filterText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What a route takes as its body, by path and method (docs/openapi.json). */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { body: infer B }
  ? B
  : never;
