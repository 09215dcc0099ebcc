import type { PasskeySummary } from '@confab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deletePasskey,
  listPasskeys,
  passkeysKey,
  patchPasskeyName,
  postRegistration,
  postRegistrationOptions,
} from './passkeys-api';
import { createPasskey } from './passkey-ceremony';

export function usePasskeyList(enabled: boolean) {
  return useQuery({ queryKey: passkeysKey, queryFn: listPasskeys, enabled });
}

/** Options from the server, the browser's sheet, then the server's check: one mutation. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await postRegistrationOptions();
      const response = await createPasskey(options);
      return postRegistration(response, name);
    },
    onSuccess: (added) => {
      queryClient.setQueryData<PasskeySummary[]>(passkeysKey, (list) => [...(list ?? []), added]);
    },
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => patchPasskeyName(id, name),
    onSuccess: (renamed) => {
      queryClient.setQueryData<PasskeySummary[]>(passkeysKey, (list) =>
        list?.map((p) => (p.id === renamed.id ? renamed : p)),
      );
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePasskey(id),
    onSuccess: (_void, id) => {
      queryClient.setQueryData<PasskeySummary[]>(passkeysKey, (list) => list?.filter((p) => p.id !== id));
    },
  });
}
