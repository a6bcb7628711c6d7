/** What other folders may use of the admin panel; the panel itself is a route screen (AdminPage). */
export { CompanyActivityCard, type CompanyActivityCardProps } from './CompanyActivityCard';
