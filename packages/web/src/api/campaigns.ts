/** Campaigns (admins and users granted the campaigns permission): list, recipients live, save, steps, export. */
import {
  EVENTS,
  campaignRecipientsPageSchema,
  campaignSchema,
  isAdmin,
  type CampaignSaveBody,
  type RecipientStatus,
  type UserDTO,
} from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useRealtimeEvent } from '../components/useRealtimeEvent';
import type { AttachmentChoice } from '../components/AttachmentPicker';
import { saveAttachment } from './attachments';
import { api } from './client';
import { downloadCsv } from './download';

const KEY = 'campaigns';

/** Whom the server lets run campaigns: the menu and the page show only for them. */
export function canRunCampaigns(user: UserDTO | null | undefined): boolean {
  return isAdmin(user) || user?.campaigns === 'enabled';
}

export function useCampaigns() {
  return useQuery({ queryKey: [KEY, 'list'], queryFn: ({ signal }) => api.get('/campaigns', z.array(campaignSchema), undefined, signal) });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'one', id],
    queryFn: ({ signal }) => api.get(`/campaigns/${id}`, campaignSchema, undefined, signal),
    enabled: id != null,
  });
}

export function useCampaignRecipients(id: number | null, status: RecipientStatus | undefined) {
  return useQuery({
    queryKey: [KEY, 'recipients', id, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.get(`/campaigns/${id}/recipients`, campaignRecipientsPageSchema, { limit: 500, ...(status ? { status } : {}) }, signal),
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
      const saved = id ? await api.put(`/campaigns/${id}`, campaignSchema, input) : await api.post('/campaigns', campaignSchema, input);
      return saveAttachment(`/campaigns/${saved.id}/media`, campaignSchema, saved, attachment);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useCampaignStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: 'start' | 'pause' | 'resume' | 'cancel' }) =>
      api.post(`/campaigns/${id}/${step}`, campaignSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function exportCampaignRecipients(id: number): Promise<void> {
  return downloadCsv(`/campaigns/${id}/recipients/export`, `campaign-${id}.csv`);
}
