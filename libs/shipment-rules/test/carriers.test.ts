import { describe, expect, it } from 'vitest';
import {
  detectCarrier,
  detectCarriers,
  isRecognisedCarrier,
  isScientificNotation,
  normalizeCarrier,
  normalizeTrackingNumber,
} from '../src/index.js';

describe('normalizeCarrier', () => {
  it.each([
    ['UPS', 'UPS'],
    ['ups', 'UPS'],
    ['UPS Ground', 'UPS'],
    ['U.P.S.', 'UPS'],
    ['United Parcel Service', 'UPS'],
    ['FedEx', 'FEDEX'],
    ['FedEx Ground', 'FEDEX'],
    ['fed ex', 'FEDEX'],
    ['Fed-Ex 2Day', 'FEDEX'],
    ['Federal Express', 'FEDEX'],
    ['fedex', 'FEDEX'],
    ['USPS', 'USPS'],
    ['U.S.P.S.', 'USPS'],
    ['usps priority', 'USPS'],
    ['USPS First-Class Mail', 'USPS'],
    ['United States Postal Service', 'USPS'],
    ['US Postal Service', 'USPS'],
    ['U.S. Mail', 'USPS'],
    ['DHL', 'DHL_EXPRESS'],
    ['DHL Express', 'DHL_EXPRESS'],
    ['DHL eCommerce', 'DHL_ECOMMERCE'],
    ['DHL E-Commerce', 'DHL_ECOMMERCE'],
    ['dhl_ecommerce', 'DHL_ECOMMERCE'],
    ['Canada Post', 'CANADA_POST'],
    ['CANADA_POST', 'CANADA_POST'],
    ['Postes Canada', 'CANADA_POST'],
    ['Purolator', 'PUROLATOR'],
    ['Royal Mail', 'ROYAL_MAIL'],
    ['DPD UK', 'DPDUK'],
    ['DPD', 'DPD'],
    ['Australia Post', 'AUSTRALIA_POST'],
    ['Evri', 'EVRI'],
    ['La Poste', 'LA_POSTE'],
    ['OnTrac', 'ONTRAC'],
    ['LaserShip', 'LASERSHIP'],
    ['  Pony Express  ', 'Pony Express'],
    ['Groups Express', 'Groups Express'],
    ['Plus Postal', 'Plus Postal'],
    ['', ''],
  ])('%j -> %j', (raw, carrier) => {
    expect(normalizeCarrier(raw)).toBe(carrier);
  });

  it('recognises the spec list by containment, and mapped names', () => {
    expect(isRecognisedCarrier('UPS Ground')).toBe(true);
    expect(isRecognisedCarrier('my-fedex-account')).toBe(true);
    expect(isRecognisedCarrier('LASERSHIP')).toBe(true);
    expect(isRecognisedCarrier('Groups Express')).toBe(true);
    expect(isRecognisedCarrier('Fed Ex')).toBe(true);
    expect(isRecognisedCarrier('Canada Post')).toBe(true);
    expect(isRecognisedCarrier('Pony Express')).toBe(false);
    expect(isRecognisedCarrier('Colis Privé')).toBe(false);
  });
});

describe('detectCarrier (check digits from ts-tracking-number)', () => {
  it.each([
    ['1Z999AA10123456784', 'UPS'],
    ['1Z5R89390357567127', 'UPS'],
    ['1z 999 aa1 0123 456784', 'UPS'],
    ['449044304137821', 'FEDEX'],
    ['986578788855', 'FEDEX'],
    ['123456789012', 'FEDEX'],
    ['9400111201080805483016', 'USPS'],
    ['9400 1112 0108 0805 4830 16', 'USPS'],
    ['9405803699300124287899', 'USPS'],
    ['70160910000108310009', 'USPS'],
    ['EA123456785US', 'USPS'],
    ['RB123456785GB', 'ROYAL_MAIL'],
    ['3318810025', 'DHL_EXPRESS'],
    ['GM2951173225174494', 'DHL_ECOMMERCE'],
    ['C11031500001879', 'ONTRAC'],
  ])('%s -> %s', (tracking, carrier) => {
    expect(detectCarrier(tracking)).toBe(carrier);
  });

  it.each([
    ['UPS with a wrong check digit', '1Z999AA10123456785'],
    ['FedEx with a wrong check digit', '449044304137820'],
    ['a USPS-shaped number that fails its check digit', '9400111899223197428490'],
    ['too short', '1Z99'],
    ['text', 'not a tracking number'],
    ['empty', ''],
  ])('none for %s', (_name, tracking) => {
    expect(detectCarrier(tracking)).toBeUndefined();
  });

  it('lists every carrier a number fits and gives none when they disagree', () => {
    expect(detectCarriers('9261292700768711948021')).toEqual(['FEDEX', 'USPS']);
    expect(detectCarrier('9261292700768711948021')).toBeUndefined();
  });
});

describe('tracking numbers', () => {
  it('normalises spaces and case', () => {
    expect(normalizeTrackingNumber(' 1z999aa1 0123\u00a0456784\u200b ')).toBe('1Z999AA10123456784');
  });

  it.each(['1.23457E+17', '1.2E+21', '9,40011E+21', '1E+21', '4.49044E+14', ' 1.23457e+17 '])(
    '%j is spreadsheet damage',
    (raw) => {
      expect(isScientificNotation(raw)).toBe(true);
    },
  );

  it.each(['1Z999AA10123456784', '449044304137821', 'E123', '12E4567890', '1.23457E+1700'])(
    '%j is not',
    (raw) => {
      expect(isScientificNotation(raw)).toBe(false);
    },
  );
});
