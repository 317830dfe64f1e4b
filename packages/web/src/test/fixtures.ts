import type { UserDTO } from '@switchboard/shared';

export function userFixture(overrides: Partial<UserDTO> = {}): UserDTO {
  return {
    id: 1,
    name: 'Admin',
    email: 'admin@example.com',
    profile: 'admin',
    whatsappId: null,
    whatsapp: null,
    queues: [],
    startWork: '00:00',
    endWork: '23:59',
    allHistoric: 'enabled',
    isRemoveTags: 'enabled',
    viewConection: 'enabled',
    viewSector: 'enabled',
    viewName: 'enabled',
    viewTags: 'enabled',
    allTicket: 'desabled',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
