/** Creating the caller's company: its part of the data provider (decision 0053). */
export { companyProvider, useCompanyActions, type CompanyActions } from './provider';
