/** The company's Faire connection, as other screens read it; the connect screen is a route (ConnectPage). */
export {
  BRAND_PROFILE_QUERY_KEY,
  CONNECTION_QUERY_KEY,
  isMarketplaceRefused,
  useBrandProfile,
  useFaireConnection,
  type FaireConnection,
} from './api';
/** The brand's currency, in which every amount is shown. */
export { readBrandCurrency, useBrandCurrency } from './brandCurrency';
export { ChangeBrandDialog } from './ChangeBrandDialog';
export { CompanyConnectionNote, NO_COMPANY_TEXT, sinceText } from './CompanyConnectionNote';
/** The connection's part of the data provider (decision 0053). */
export { connectProvider, useConnectActions, type ConnectActions } from './provider';
