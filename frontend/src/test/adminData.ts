// The admin panel's answers as the server gives them, for the admin screen's tests.
import type { CurrentUser } from '../auth/useCurrentUser';
import type { ActivityItem, AdminConfig, AdminStats, AdminUser } from '../admin/api';
import { mockApi } from './fetchMock';
import { ann } from './fixtures';

export const root: CurrentUser = {
  ...ann,
  id: 'root',
  name: 'Rita Root',
  email: 'root@ops.test',
  isAdmin: true,
};

export const config: AdminConfig = {
  faireApplicationId: {
    set: true,
    value: 'apa_live_123',
    last4: '_123',
    source: 'environment',
    updatedAt: null,
    updatedBy: null,
  },
  faireApplicationSecret: {
    set: true,
    last4: 'x9Qz',
    source: 'database',
    updatedAt: '2026-01-05T10:00:00Z',
    updatedBy: 'root@ops.test',
  },
  googleClientId: { set: false, value: null, last4: null, source: null, updatedAt: null, updatedBy: null },
  googleClientSecret: { set: false, last4: null, source: null, updatedAt: null, updatedBy: null },
};

const user = (patch: Partial<AdminUser>): AdminUser => ({
  id: 'u1',
  name: '',
  email: '',
  hasFaireToken: false,
  isAdmin: false,
  companyName: null,
  companyId: null,
  faireConnection: null,
  lastSignInAt: null,
  ...patch,
});
const users: AdminUser[] = [
  user({ name: 'Ann', email: 'ann@example.com', hasFaireToken: true, companyName: 'Acme', companyId: 'c1' }),
  user({ id: 'u2', email: 'bob@example.com' }),
];

export const stats: AdminStats = {
  totalUsers: 42,
  totalShipments: 1234,
  activeUsers: 17,
  system: {
    api: 'Disconnected',
    database: 'Operational',
    oauth: 'Active',
    queue: 'Operational',
    stuckUploads: 0,
    mailIn: 'Listening',
    sftpDrop: 'Down',
  },
  capacity: {
    pool: { size: 14, open: 6, inUse: 3, waiting: 0 },
    databaseConnections: 41,
    databaseMaxConnections: 100,
    queues: {
      shipments: { waiting: 1200, active: 8, delayed: 3, failed: 0 },
      orders: { waiting: 0, active: 0, delayed: 0, failed: 0 },
    },
  },
};

const at = (h: number, m: number) => new Date(new Date().setHours(h, m, 0, 0)).toISOString();
export const activity: ActivityItem[] = [
  {
    id: '2',
    timestamp: at(13, 45),
    userId: 'root',
    actorEmail: 'root@ops.test',
    isAdmin: true,
    actorRole: null,
    companyId: null,
    companyName: null,
    action: 'config.changed',
    target: 'faireApplicationSecret',
    details: {},
  },
  {
    id: '1',
    timestamp: at(9, 5),
    userId: 'u1',
    actorEmail: 'ann@example.com',
    isAdmin: false,
    actorRole: null,
    companyId: 'c1',
    companyName: 'Acme',
    action: 'invitation.sent',
    target: 'bea@example.com',
    details: {},
  },
];

export function adminApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/config': { body: config },
    'GET /api/admin/users': { body: users },
    'GET /api/admin/stats': { body: stats },
    'GET /api/admin/activity?page=1&limit=10': { body: { items: activity, total: 2 } },
    ...overrides,
  });
}
