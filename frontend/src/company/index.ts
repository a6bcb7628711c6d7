// Creating the caller's company (decision 0053).
export * from './provider';
export * from './useCreateCompany';
