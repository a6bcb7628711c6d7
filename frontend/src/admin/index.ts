/** What other folders may use of the admin panel; the panel itself is a route screen (AdminPage). */
export { CompanyActivityCard, type CompanyActivityCardProps } from './CompanyActivityCard';
/** The panel's part of the data provider (decision 0053). */
export { adminProvider, useAdminActions, type AdminActions } from './provider';
