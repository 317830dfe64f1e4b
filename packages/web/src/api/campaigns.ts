/** Campaigns (admins and users granted the campaigns permission): list, recipients live, save, steps, export. */
import {
  EVENTS,
  CAMPAIGN_ROUTES as R,
  campaignRecipientsPageSchema,
  campaignSchema,
  allowed,
  type CampaignSaveBody,
  type RecipientStatus,
  type UserDTO,
} from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { accessActorOf } from '../access/actor';
import { useRealtimeEvent } from '../components/useRealtimeEvent';
import type { AttachmentChoice } from '../components/AttachmentPicker';
import { saveAttachment } from './attachments';
import { call } from './client';
import { downloadCsv } from './download';

const KEY = 'campaigns';

/** Whom the server lets run campaigns: the menu and the page show only for them. */
export function canRunCampaigns(user: UserDTO | null | undefined): boolean {
  return allowed(accessActorOf(user ?? null), 'campaign.manage', { campaigns: user?.campaigns === 'enabled' });
}

export function useCampaigns() {
  return useQuery({ queryKey: [KEY, 'list'], queryFn: ({ signal }) => call(R.list, { signal }) });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'one', id],
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export function useCampaignRecipients(id: number | null, status: RecipientStatus | undefined) {
  return useQuery({
    queryKey: [KEY, 'recipients', id, status ?? 'all'],
    queryFn: ({ signal }) => call(R.recipients, { params: { id: id! }, query: { limit: 500, ...(status ? { status } : {}) }, signal }),
    enabled: id != null,
  });
}

/**
 * Live: a campaign's new state replaces the cached one; changed recipients replace theirs in the
 * lists on screen (a filtered list reads again, as a recipient may have left or joined it).
 */
export function useCampaignsLive(): void {
  useRealtimeEvent(EVENTS.campaign, (queryClient, payload) => {
    queryClient.setQueryData([KEY, 'one', payload.campaign.id], payload.campaign);
    void queryClient.invalidateQueries({ queryKey: [KEY, 'list'] });
  });
  useRealtimeEvent(EVENTS.campaignRecipients, (queryClient, { campaignId, recipients }) => {
    const byId = new Map(recipients.map((r) => [r.id, r]));
    queryClient.setQueryData<z.infer<typeof campaignRecipientsPageSchema>>([KEY, 'recipients', campaignId, 'all'], (page) =>
      page ? { ...page, recipients: page.recipients.map((r) => byId.get(r.id) ?? r) } : page,
    );
    void queryClient.invalidateQueries({ queryKey: [KEY, 'recipients', campaignId], predicate: (q) => q.queryKey[3] !== 'all' });
  });
}

/** Saves the campaign, then its file as chosen (uploaded, removed, or kept). */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, attachment }: { id?: number; input: CampaignSaveBody; attachment: AttachmentChoice }) => {
      const saved = id ? await call(R.update, { params: { id }, body: input }) : await call(R.create, { body: input });
      // The file is a multipart upload, which the route table does not describe: its own path.
      return saveAttachment(`/campaigns/${saved.id}/media`, campaignSchema, saved, attachment);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useCampaignStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: 'start' | 'pause' | 'resume' | 'cancel' }) => call(R[step], { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** A file, outside the route table (api/download.ts). */
export function exportCampaignRecipients(id: number): Promise<void> {
  return downloadCsv(`/campaigns/${id}/recipients/export`, `campaign-${id}.csv`);
}
