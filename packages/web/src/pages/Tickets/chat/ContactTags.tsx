/**
 * The contact's tags in the drawer: any user may add one; the removal chips appear only with the
 * isRemoveTags flag (spec §6). Changes go through POST /tags/sync with the complete list.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { TAG_ROUTES, type ContactDTO, type TagRef } from '@switchboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import { useAllTags } from '../../../api/tags';
import { useToast } from '../../../components/Toasts';

export function ContactTags({ contact, canRemove }: { contact: ContactDTO; canRemove: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const allTags = useAllTags();
  const sync = useMutation({
    mutationFn: (tags: TagRef[]) => call(TAG_ROUTES.sync, { body: { contactId: contact.id, tags: tags.map((tag) => ({ id: tag.id })) } }),
    onSuccess: (result) =>
      queryClient.setQueryData<ContactDTO>(queryKeys.contact(contact.id), (c) => (c ? { ...c, tags: result.tags } : c)),
    onError: (err) => toast.error(err),
  });
  const current = contact.tags;
  const available = (allTags.data ?? []).filter((tag) => !current.some((c) => c.id === tag.id));

  return (
    <Box data-testid="contact-tags">
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1 }}>
        {current.map((tag) => (
          <Chip
            key={tag.id}
            size="small"
            label={tag.name}
            sx={{ bgcolor: tag.color, color: '#fff' }}
            onDelete={canRemove ? () => sync.mutate(current.filter((c) => c.id !== tag.id)) : undefined}
            data-testid={`contact-tag-${tag.id}`}
          />
        ))}
      </Box>
      <Autocomplete
        size="small"
        options={available}
        value={null}
        getOptionLabel={(tag) => tag.name}
        onChange={(_e, tag) => tag && sync.mutate([...current, tag])}
        disabled={sync.isPending}
        renderInput={(params) => <TextField {...params} label={t('tickets.drawer.addTag')} />}
        blurOnSelect
      />
    </Box>
  );
}
