/** Static material the seed generator draws from: product lines, retailers and people. */

export interface CatalogVariant {
  name: string;
  sku: string;
  /** Wholesale unit price in minor units. */
  price: number;
}

export interface CatalogProduct {
  name: string;
  /** Retailers order in multiples of this. */
  casePack: number;
  /** Tester price in minor units, when the product offers one. */
  testerPrice: number | null;
  variants: CatalogVariant[];
}

export const CANDLE_CATALOG: CatalogProduct[] = [
  {
    name: 'Cedar & Smoke Soy Candle',
    casePack: 4,
    testerPrice: 700,
    variants: [
      { name: '8 oz Amber Jar', sku: 'JPC-CEDR-08', price: 1400 },
      { name: '12 oz Amber Jar', sku: 'JPC-CEDR-12', price: 1900 },
    ],
  },
  {
    name: 'Wild Fig & Cassis Soy Candle',
    casePack: 4,
    testerPrice: 700,
    variants: [
      { name: '8 oz Amber Jar', sku: 'JPC-WFIG-08', price: 1400 },
      { name: '12 oz Amber Jar', sku: 'JPC-WFIG-12', price: 1900 },
    ],
  },
  {
    name: 'Sea Salt & Sage Soy Candle',
    casePack: 4,
    testerPrice: 700,
    variants: [
      { name: '8 oz Frosted Jar', sku: 'JPC-SSSG-08', price: 1450 },
      { name: '12 oz Frosted Jar', sku: 'JPC-SSSG-12', price: 1950 },
    ],
  },
  {
    name: 'Juniper Berry Reed Diffuser',
    casePack: 2,
    testerPrice: 800,
    variants: [{ name: '100 ml', sku: 'JPC-JUNP-RD100', price: 1600 }],
  },
  {
    name: 'Amber Woods Travel Tin',
    casePack: 6,
    testerPrice: null,
    variants: [{ name: '4 oz Tin', sku: 'JPC-AMBW-04T', price: 750 }],
  },
  {
    name: 'Beeswax Taper Candles, Set of 2',
    casePack: 6,
    testerPrice: null,
    variants: [
      { name: 'Natural', sku: 'JPC-TAPR-NAT', price: 1200 },
      { name: 'Sage', sku: 'JPC-TAPR-SAG', price: 1200 },
      { name: 'Terracotta', sku: 'JPC-TAPR-TER', price: 1200 },
    ],
  },
  {
    name: 'Brass Wick Trimmer',
    casePack: 2,
    testerPrice: null,
    variants: [{ name: 'Brushed Brass', sku: 'JPC-WKTR-BRS', price: 900 }],
  },
  {
    name: 'Striped Safety Matches',
    casePack: 12,
    testerPrice: null,
    variants: [
      { name: 'Forest Green', sku: 'JPC-MTCH-GRN', price: 350 },
      { name: 'Rust', sku: 'JPC-MTCH-RST', price: 350 },
    ],
  },
];

export const STATIONERY_CATALOG: CatalogProduct[] = [
  {
    name: 'Letterpress Thank You Card',
    casePack: 6,
    testerPrice: null,
    variants: [{ name: 'Single Card', sku: 'HQ-CRD-THANKS', price: 275 }],
  },
  {
    name: 'Balloon Bunch Birthday Card',
    casePack: 6,
    testerPrice: null,
    variants: [{ name: 'Single Card', sku: 'HQ-CRD-BDAYBAL', price: 275 }],
  },
  {
    name: 'Linen Cover Notebook A5',
    casePack: 4,
    testerPrice: null,
    variants: [
      { name: 'Dot Grid / Oat', sku: 'HQ-NB-A5-DOT-OAT', price: 950 },
      { name: 'Lined / Slate', sku: 'HQ-NB-A5-LIN-SLT', price: 950 },
      { name: 'Blank / Moss', sku: 'HQ-NB-A5-BLK-MOS', price: 950 },
    ],
  },
  {
    name: 'Undated Weekly Desk Planner',
    casePack: 3,
    testerPrice: null,
    variants: [{ name: 'Spiral Bound', sku: 'HQ-PLN-WKLY', price: 1100 }],
  },
  {
    name: 'Botanical Wrapping Paper Roll',
    casePack: 5,
    testerPrice: null,
    variants: [
      { name: 'Ferns', sku: 'HQ-WRP-FERN', price: 600 },
      { name: 'Wildflowers', sku: 'HQ-WRP-WFLW', price: 600 },
    ],
  },
  {
    name: 'Watercolor Coast Postcard Set',
    casePack: 4,
    testerPrice: null,
    variants: [{ name: 'Set of 10', sku: 'HQ-PC-COAST10', price: 800 }],
  },
  {
    name: 'Solid Brass Bookmark',
    casePack: 6,
    testerPrice: null,
    variants: [
      { name: 'Crescent Moon', sku: 'HQ-BKM-MOON', price: 550 },
      { name: 'Sprig', sku: 'HQ-BKM-SPRG', price: 550 },
    ],
  },
  {
    name: 'Enamel Rollerball Pen',
    casePack: 6,
    testerPrice: null,
    variants: [
      { name: 'Navy', sku: 'HQ-PEN-NVY', price: 700 },
      { name: 'Sage', sku: 'HQ-PEN-SGE', price: 700 },
    ],
  },
];

export interface CatalogRetailer {
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  stateCode: string;
  postalCode: string;
  country: 'United States' | 'Canada';
  countryCode: 'USA' | 'CAN';
  addressType: 'COMMERCIAL' | 'MIXED' | 'RESIDENTIAL';
}

const us = (
  name: string,
  address1: string,
  address2: string | null,
  city: string,
  state: string,
  stateCode: string,
  postalCode: string,
  addressType: CatalogRetailer['addressType'] = 'COMMERCIAL',
): CatalogRetailer => ({
  name,
  address1,
  address2,
  city,
  state,
  stateCode,
  postalCode,
  country: 'United States',
  countryCode: 'USA',
  addressType,
});

const ca = (
  name: string,
  address1: string,
  address2: string | null,
  city: string,
  state: string,
  stateCode: string,
  postalCode: string,
  addressType: CatalogRetailer['addressType'] = 'COMMERCIAL',
): CatalogRetailer => ({
  name,
  address1,
  address2,
  city,
  state,
  stateCode,
  postalCode,
  country: 'Canada',
  countryCode: 'CAN',
  addressType,
});

export const RETAILERS: CatalogRetailer[] = [
  us('Maple & Main General Store', '112 Main Street', null, 'Stowe', 'Vermont', 'VT', '05672'),
  us('The Curated Nest', '2214 NE Alberta Street', 'Suite B', 'Portland', 'Oregon', 'OR', '97211'),
  us('Fern & Fable Gifts', '48 Market Square', null, 'Portsmouth', 'New Hampshire', 'NH', '03801'),
  us('Lighthouse Books & Gifts', '7 Water Street', null, 'Mystic', 'Connecticut', 'CT', '06355'),
  us('Blue Heron Mercantile', '301 Front Street', null, 'Beaufort', 'North Carolina', 'NC', '28516'),
  us('Prairie Sky Boutique', '1520 Main Street', null, 'Kansas City', 'Missouri', 'MO', '64108'),
  us('Copper Kettle Home', '86 Broad Street', 'Unit 2', 'Charleston', 'South Carolina', 'SC', '29401'),
  us('Salt Cellar Kitchen Shop', '415 Pike Street', null, 'Seattle', 'Washington', 'WA', '98101'),
  us('Little Birch Gift Co.', '29 Elm Street', null, 'Camden', 'Maine', 'ME', '04843', 'MIXED'),
  us('Hollow Oak Apothecary', '908 S Congress Avenue', null, 'Austin', 'Texas', 'TX', '78704'),
  us('Sparrow & Stone', '640 W Randolph Street', 'Floor 1', 'Chicago', 'Illinois', 'IL', '60661'),
  us('Thistle & Thread', '22 N Main Street', null, 'Asheville', 'North Carolina', 'NC', '28801'),
  us('The Paper Lantern', '1875 Union Street', null, 'San Francisco', 'California', 'CA', '94123'),
  us('Wildwood Market', '355 E Main Street', null, 'Bozeman', 'Montana', 'MT', '59715'),
  us('Magnolia Row Boutique', '117 W Broughton Street', null, 'Savannah', 'Georgia', 'GA', '31401'),
  us('Kindred Spirits Shop', '4 Commercial Street', null, 'Provincetown', 'Massachusetts', 'MA', '02657'),
  us('Olive & Ivy Home', '2401 E 6th Avenue', null, 'Denver', 'Colorado', 'CO', '80206'),
  us('Riverbend Outfitters', '210 Water Street', null, 'Stillwater', 'Minnesota', 'MN', '55082'),
  us('Cardinal Books', '512 E Market Street', null, 'Louisville', 'Kentucky', 'KY', '40202'),
  us('Pinecone Provisions', '77 Lake Avenue', null, 'Saranac Lake', 'New York', 'NY', '12983', 'MIXED'),
  us('Golden Hour Gift Shop', '1403 Abbot Kinney Boulevard', null, 'Venice', 'California', 'CA', '90291'),
  us('Bramble & Bloom', '9 S Main Street', null, 'New Hope', 'Pennsylvania', 'PA', '18938'),
  us('Harborview Gifts', '5 Harbor Road', null, 'Bar Harbor', 'Maine', 'ME', '04609'),
  us('Dogwood Lane Home', '1210 Hillsboro Pike', null, 'Nashville', 'Tennessee', 'TN', '37215'),
  us('Marigold Studio', '88 Pearl Street', 'Apt 3', 'Burlington', 'Vermont', 'VT', '05401', 'RESIDENTIAL'),
  us('Desert Bloom Goods', '4120 N Marshall Way', null, 'Scottsdale', 'Arizona', 'AZ', '85251'),
  ca('Maplewood Mercantile', '1565 Barrington Street', null, 'Halifax', 'Nova Scotia', 'NS', 'B3J 1Z7'),
  ca("Tom's Toque Emporium", '41 King Street West', '3rd Floor', 'Kitchener', 'Ontario', 'ON', 'N2G 1A1'),
  ca('Papeterie Saint-Denis', '4130 Rue Saint-Denis', null, 'Montréal', 'Quebec', 'QC', 'H2W 2M5'),
  ca('Kitsilano Home & Co.', '2186 W 4th Avenue', null, 'Vancouver', 'British Columbia', 'BC', 'V6K 1N6'),
  ca('Birch Bark Gifts', '208 Banff Avenue', null, 'Banff', 'Alberta', 'AB', 'T1L 1A9'),
];

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Henry',
  'Charlotte',
  'Theo',
  'Amelia',
  'Jack',
  'Harper',
  'Owen',
  'Evelyn',
  'Wyatt',
  'Abigail',
  'Leo',
  'Nora',
  'Caleb',
  'Hazel',
  'Isaac',
  'Maya',
  'Julian',
  'Priya',
  'Mateo',
  'Grace',
  'Samuel',
  'Chloé',
  'Gabriel',
  'Ruth',
  'Daniel',
  'Aisha',
  'Marcus',
  'Ingrid',
  'Tomás',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Nguyen',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Patel',
  'Hill',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Campbell',
  'MacDonald',
  'Okafor',
];

export const ORDER_NOTES = [
  'Please ship before our holiday market on the 14th.',
  'Deliveries to the back door please, ring the bell.',
  'Happy to substitute a similar scent if one is out of stock.',
  'Our shop is closed Mondays, please avoid Monday delivery.',
  'Please include a few extra product cards for the display.',
  'Gift wrap not needed, thank you!',
  'Loading dock is on the side street.',
];

export const SALES_REPS = ['Dana Whitfield', 'Marcus Bell', 'Renée Lapointe'];
