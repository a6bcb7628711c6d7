import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useIntegrations } from './api';

/** The kinds of source the company has (connected or disconnected: their shipments stay in History). */
export function useSourceKinds(): string[] {
  const { data: user } = useCurrentUser();
  const integrations = useIntegrations(canAccess(user, 'list', 'integrations'));
  return [...new Set((integrations.data?.connections ?? []).map((c) => c.kind))];
}
