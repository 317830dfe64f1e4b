/** Every react-query key in one place, so realtime updates and mutations hit the same entries. */
export const queryKeys = {
  authConfig: ['auth', 'config'] as const,
  users: ['users'] as const,
  usersList: (search: string) => ['users', 'list', search] as const,
  user: (id: number) => ['users', 'detail', id] as const,
  settings: ['settings'] as const,
  connections: ['whatsapp'] as const,
  connection: (id: number) => ['whatsapp', 'detail', id] as const,
  simulatorPending: ['simulator', 'pending'] as const,
  simulatorCustomers: (to: string) => ['simulator', 'customers', to] as const,
  simulatorChat: (customer: string, to: string) => ['simulator', 'chat', customer, to] as const,
  queues: ['queue'] as const,
  queue: (id: number) => ['queue', 'detail', id] as const,
  contactsList: (search: string) => ['contacts', 'list', search] as const,
  contact: (id: number) => ['contacts', 'detail', id] as const,
  tagsList: (search: string) => ['tags', 'list', search] as const,
  /** GET /tags/list: every tag, for pickers. */
  tagsAll: ['tags', 'all'] as const,
  tag: (id: number) => ['tags', 'detail', id] as const,
  quickAnswersList: (search: string) => ['quickAnswers', 'list', search] as const,
  quickAnswer: (id: number) => ['quickAnswers', 'detail', id] as const,
};
