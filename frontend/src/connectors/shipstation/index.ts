import type { SourceConnectorUi } from '../types';
import { shipStationActions } from './api';
import { ConnectShipStationForm } from './ConnectShipStationForm';
import { StoreModeSection } from './StoreModeSection';

/** ShipStation: each label printed becomes its Faire shipment; a label carries its own cost. */
export const shipStation = {
  kind: 'SHIPSTATION',
  name: 'ShipStation',
  blurb: 'Each label printed in ShipStation becomes its Faire shipment, with no file to upload.',
  words: {
    row: 'label',
    rows: 'labels',
    arrives: 'a label is printed',
    undone: 'voided',
    disconnect: (name) =>
      `Labels printed in ${name} will no longer reach Faire by themselves, and the stored key and secret are deleted.`,
  },
  hasOwnCost: true,
  ConnectForm: ConnectShipStationForm,
  // A revoked or changed key pair is replaced in place: labels, settings and history stay.
  replace: { label: 'Update key', offered: () => true },
  Section: StoreModeSection,
  actions: shipStationActions,
} satisfies SourceConnectorUi;
