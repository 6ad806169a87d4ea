/** KYC metrics over a date range: totals per status and requests created per bucket, as a chart. */
import { Link } from 'wouter';
import { PageHeading } from '../../../components/index';
import { kycMetrics } from '../admin-actions';
import { DateRangeForm, metricsQuery, rangeFromUrl } from '../lib/date-range';
import { RemoteView } from '../lib/remote-view';
import { StatTiles } from '../lib/stat-tiles';
import { TimeChart } from '../lib/time-chart';
import { useUrlState } from '../lib/url-state';
import { useRemote } from '../lib/use-remote';

export default function KycMetricsPage() {
  const url = useUrlState();
  const range = rangeFromUrl(url);
  const query = metricsQuery(range);
  const remote = useRemote(`kyc-metrics:${JSON.stringify(query)}`, (signal) => kycMetrics(query, signal));
  return (
    <section className="admin-page">
      <p className="admin-back">
        <Link href="/kyc">← Back to the KYC queue</Link>
      </p>
      <PageHeading title="KYC metrics" />
      <DateRangeForm url={url} range={range} />
      <RemoteView remote={remote} label="KYC metrics">
        {(metrics) => (
          <>
            <StatTiles
              label="KYC requests"
              tiles={[
                ['Requests in range', metrics.total],
                ['Pending', metrics.pending],
                ['In review', metrics.in_review],
                ['Approved', metrics.approved],
                ['Rejected', metrics.rejected],
                [
                  'Average review',
                  metrics.average_review_hours === null || metrics.average_review_hours === undefined
                    ? '—'
                    : `${metrics.average_review_hours} h`,
                ],
              ]}
            />
            <TimeChart
              title="KYC requests created"
              dates={metrics.by_date.map((point) => point.date)}
              series={[{ label: 'Requests', values: metrics.by_date.map((point) => point.count) }]}
            />
          </>
        )}
      </RemoteView>
    </section>
  );
}
