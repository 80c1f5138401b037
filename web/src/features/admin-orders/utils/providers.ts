/** The delivery providers of spec 3 ("Known ids"), the OrderList filter's choices; their names are in cms-admin.json. */
export const DELIVERY_PROVIDER_IDS = ['omniva-parcel', 'omniva-po', 'itella-ee-parcel', 'itella-fi-parcel', 'omniva-courier'] as const;
