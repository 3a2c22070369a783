// Dashboard, Batch jobs: start a verification or signing of many files by URL, and follow the
// account's jobs as the server's queue works through them (the list polls while any is at work).
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateJobRequest, TJobAccepted } from '@provenance/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { analyticsKeys } from '@/lib/api/analytics';
import { assetKeys } from '@/lib/api/assets';
import { createJob, isJobActive, jobKeys, jobsQuery } from '@/lib/api/jobs';
import { signingIdentityKeys } from '@/lib/api/signing-identities';
import { Loaded } from '@/components/ui/loaded';
import { JobList } from './job-list';
import { StartJobForm } from './start-job-form';
import { useSigningNameNeeded } from '../hooks/use-signing-name';

export function BatchJobsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const jobs = useQuery(jobsQuery(userId));
  const working = useRef(new Set<string>());
  const asksName = useSigningNameNeeded(userId);

  // A signing job that has just finished added signed assets: the lists above show them.
  useEffect(() => {
    if (!jobs.data) return;
    const finishedSigning = jobs.data.some((job) => job.type === 'sign' && !isJobActive(job) && working.current.has(job.id));
    working.current = new Set(jobs.data.filter(isJobActive).map((job) => job.id));
    if (finishedSigning) {
      void queryClient.invalidateQueries({ queryKey: assetKeys.all(userId) });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all(userId) });
    }
  }, [jobs.data, queryClient, userId]);

  async function start(request: TCreateJobRequest): Promise<TJobAccepted> {
    const accepted = await createJob(request);
    // Followed from the start: a job finished before the list is read again still refreshes the lists above.
    working.current.add(accepted.id);
    await queryClient.invalidateQueries({ queryKey: jobKeys.all(userId) });
    // A sign job that gave the name to sign under set it: neither form asks again.
    if (request.organization !== undefined) await queryClient.invalidateQueries({ queryKey: signingIdentityKeys.organization(userId) });
    return accepted;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} id="batch-jobs">
          Batch jobs
        </CardTitle>
        <CardDescription>Verify or sign many files at once by their addresses. The gateway works through them in the background; you can leave this page.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        <StartJobForm onStart={start} asksName={asksName} />
        <section aria-labelledby="batch-jobs-list" className="space-y-3">
          <h3 id="batch-jobs-list" className="text-sm font-medium">
            Your jobs
          </h3>
          <Loaded query={jobs} loading="Loading your jobs…" failed="Unable to load your jobs">
            {(list) => <JobList jobs={list} />}
          </Loaded>
        </section>
      </CardContent>
    </Card>
  );
}
