import { DEFAULT_SECTOR_HOURS, type QueueDTO, type QueueFormValues } from '@switchboard/shared';

export type SectorFormValues = QueueFormValues;

/** A new sector starts with the spec's working hours, 08:00–18:00. */
export const emptySectorForm = (): SectorFormValues => ({
  name: '',
  color: '',
  greetingMessage: '',
  absenceMessage: '',
  startWork: DEFAULT_SECTOR_HOURS.start,
  endWork: DEFAULT_SECTOR_HOURS.end,
  autoAssign: false,
  maxOpenPerAttendant: '',
  orderQueue: '',
});

export const sectorToForm = (q: QueueDTO): SectorFormValues => ({
  name: q.name,
  color: q.color,
  greetingMessage: q.greetingMessage ?? '',
  absenceMessage: q.absenceMessage ?? '',
  startWork: q.startWork || DEFAULT_SECTOR_HOURS.start,
  endWork: q.endWork || DEFAULT_SECTOR_HOURS.end,
  autoAssign: q.autoAssign,
  maxOpenPerAttendant: q.maxOpenPerAttendant == null ? '' : String(q.maxOpenPerAttendant),
  orderQueue: q.orderQueue == null ? '' : String(q.orderQueue),
});
