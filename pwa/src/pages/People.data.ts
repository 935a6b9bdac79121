import { apiPaths } from '@redaktion/shared/client';

export const peopleReads = () => ({ interviews: apiPaths.interviews(50), people: apiPaths.people(50) });
