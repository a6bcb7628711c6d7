/** A ShipStation V1 key pair (opened from its sealed form only for the call). */
export interface ShipStationCredentials {
  apiKey: string;
  apiSecret: string;
}

/** The fields of a V1 shipment (a label made in ShipStation) this product reads. */
export interface ShipStationShipment {
  shipmentId: number | string;
  orderId?: number | string | null;
  orderKey?: string | null;
  orderNumber?: string | null;
  createDate?: string | null;
  shipDate?: string | null;
  shipmentCost?: number | string | null;
  insuranceCost?: number | string | null;
  trackingNumber?: string | null;
  carrierCode?: string | null;
  serviceCode?: string | null;
  voided?: boolean | null;
  voidDate?: string | null;
  advancedOptions?: {
    customField1?: string | null;
    customField2?: string | null;
    customField3?: string | null;
  } | null;
  customField1?: string | null;
  customField2?: string | null;
  customField3?: string | null;
}

/** A V1 fulfilment: an order marked shipped outside ShipStation's labels (no label cost). */
export interface ShipStationFulfillment {
  fulfillmentId: number | string;
  orderId?: number | string | null;
  orderNumber?: string | null;
  orderKey?: string | null;
  createDate?: string | null;
  shipDate?: string | null;
  trackingNumber?: string | null;
  carrierCode?: string | null;
  voided?: boolean | null;
  customField1?: string | null;
  customField2?: string | null;
  customField3?: string | null;
  advancedOptions?: {
    customField1?: string | null;
    customField2?: string | null;
    customField3?: string | null;
  } | null;
}

export interface ShipStationShipmentPage {
  shipments?: ShipStationShipment[];
  total?: number;
  page?: number;
  pages?: number;
}

export interface ShipStationFulfillmentPage {
  fulfillments?: ShipStationFulfillment[];
  total?: number;
  page?: number;
  pages?: number;
}

/**
 * The fields of a V1 order this product reads: the references a person may have typed into its custom
 * fields (they live on the order only; a shipment's `advancedOptions` carries none of them).
 */
export interface ShipStationOrder {
  orderId: number | string;
  orderNumber?: string | null;
  orderKey?: string | null;
  advancedOptions?: {
    customField1?: string | null;
    customField2?: string | null;
    customField3?: string | null;
  } | null;
}
