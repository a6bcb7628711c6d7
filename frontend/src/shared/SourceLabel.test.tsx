import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { SourceLabel } from './SourceLabel';

const show = (shipment: Parameters<typeof SourceLabel>[0]['shipment']) =>
  render(
    <ThemeProvider theme={theme}>
      <SourceLabel shipment={shipment} />
    </ThemeProvider>,
  );

describe('SourceLabel', () => {
  it('names the API key that sent a shipment', () => {
    show({ source: 'API', sources: ['API'], sourceName: 'Warehouse ERP' });
    expect(screen.getByTestId('shipment-source').textContent).toBe('API · Warehouse ERP');
  });

  it('names the sender and the file of a mailed shipment', () => {
    show({ source: 'EMAIL', sources: ['EMAIL'], sourceName: 'ops@warehouse.example · daily.csv' });
    expect(screen.getByTestId('shipment-source').textContent).toBe(
      'Email · ops@warehouse.example · daily.csv',
    );
  });

  it('names the file of a shipment put into the SFTP drop', () => {
    show({ source: 'SFTP', sources: ['SFTP'], sourceName: 'daily.csv' });
    expect(screen.getByTestId('shipment-source').textContent).toBe('SFTP · daily.csv');
  });

  it('names a connected source alone, and a file by its name', () => {
    show({ source: 'SHIPSTATION', sources: ['SHIPSTATION', 'UPLOAD'], sourceName: 'ShipStation labels' });
    expect(screen.getByTestId('shipment-source').textContent).toBe('ShipStationFile upload');
  });

  it('names the key only where the API sent the shipment first', () => {
    show({ source: 'UPLOAD', sources: ['UPLOAD', 'API'], sourceName: 'monday.csv' });
    expect(screen.getByTestId('shipment-source').textContent).toBe('monday.csvAPI');
  });
});
