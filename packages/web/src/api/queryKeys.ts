/** Every react-query key in one place, so realtime updates and mutations hit the same entries. */
export const queryKeys = {
  authConfig: ['auth', 'config'] as const,
  users: ['users'] as const,
  usersList: (search: string) => ['users', 'list', search] as const,
  user: (id: number) => ['users', 'detail', id] as const,
  settings: ['settings'] as const,
  connections: ['whatsapp'] as const,
  queues: ['queue'] as const,
};
