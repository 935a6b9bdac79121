import { apiPaths } from '@redaktion/shared/client';

export const personReads = (id: string) => ({ person: apiPaths.person(id) });
