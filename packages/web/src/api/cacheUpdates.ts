/**
 * Pure cache transformations shared by mutations and realtime events (spec §4 Live updates):
 * create/update upserts (new items first), delete removes, paged lists stay merged by id.
 */
import type { SettingDTO, UserDTO, UsersPage } from '@switchboard/shared';
import type { InfiniteData } from '@tanstack/react-query';

export type { UsersPage };

export function upsertSetting(list: SettingDTO[] | undefined, setting: SettingDTO): SettingDTO[] | undefined {
  if (!list) return list;
  const found = list.some((s) => s.key === setting.key);
  return found ? list.map((s) => (s.key === setting.key ? { ...s, ...setting } : s)) : [setting, ...list];
}

/** Replace the user where it appears; a user not yet listed goes first on the first page. */
export function upsertUserInPages(data: InfiniteData<UsersPage> | undefined, user: UserDTO): InfiniteData<UsersPage> | undefined {
  if (!data) return data;
  const present = data.pages.some((p) => p.users.some((u) => u.id === user.id));
  const pages = data.pages.map((page, index) => {
    if (present) return { ...page, users: page.users.map((u) => (u.id === user.id ? user : u)) };
    return index === 0 ? { ...page, users: [user, ...page.users], count: page.count + 1 } : page;
  });
  return { ...data, pages };
}

export function removeUserFromPages(data: InfiniteData<UsersPage> | undefined, userId: number): InfiniteData<UsersPage> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, users: page.users.filter((u) => u.id !== userId) })),
  };
}

/** The pages flattened in order, each id once (a page may repeat an item after an insert shifted offsets). */
export function mergePagesById<T extends { id: number }>(pages: T[][]): T[] {
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}
