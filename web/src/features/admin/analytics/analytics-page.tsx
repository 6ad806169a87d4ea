/**
 * Analytics over a chosen range (`?start=&end=&bucket=`): users, visits, match requests, the
 * search filters used, popular preferences and match activity by date. Each block loads on its
 * own, so one slow or failing call does not hide the others.
 */
import { PageHeading } from '../../../components/index';
import { PAGE_FRAMES } from '../../../config/page-frames';
import {
  matchesByDate,
  matchMetrics,
  popularPreferences,
  usedFilters,
  userAggregations,
  visitAggregations,
} from '../admin-actions';
import { type ChosenRange, DateRangeForm, dayRange, metricsQuery, rangeFromUrl } from '../lib/date-range';
import { RemoteView } from '../lib/remote-view';
import { StatTiles } from '../lib/stat-tiles';
import { BarList, TimeChart } from '../lib/time-chart';
import { useUrlState } from '../lib/url-state';
import { useRemote } from '../lib/use-remote';

function tally<K extends string>(
  items: readonly ({ count: number } & Record<K, string>)[] | undefined,
  key: K,
) {
  return (items ?? []).map((item) => ({ label: item[key], count: item.count }));
}

export default function AnalyticsPage() {
  const url = useUrlState();
  const range = rangeFromUrl(url);
  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.analytics} />
      <DateRangeForm url={url} range={range} />
      <UsersBlock range={range} />
      <VisitsBlock range={range} />
      <MatchesBlock range={range} />
      <FiltersBlock range={range} />
    </section>
  );
}

function UsersBlock({ range }: { range: ChosenRange }) {
  const query = metricsQuery(range);
  const remote = useRemote(`users:${JSON.stringify(query)}`, (signal) => userAggregations(query, signal));
  return (
    <section className="admin-card admin-block" aria-labelledby="analytics-users">
      <h2 id="analytics-users">Users</h2>
      <RemoteView remote={remote} label="user figures">
        {(data) => (
          <>
            <StatTiles
              label="Users"
              tiles={[
                ['All users', data.total],
                ['Members', data.members],
                ['Staff', data.admins],
                ['New in range', data.new_in_range ?? '—'],
              ]}
            />
            <TimeChart
              title="Registrations"
              dates={data.registrations.map((point) => point.date)}
              series={[{ label: 'Registrations', values: data.registrations.map((point) => point.count) }]}
            />
            <div className="admin-block__bars">
              <BarList
                title="By status"
                items={Object.entries(data.by_status ?? {}).map(([label, count]) => ({ label, count }))}
              />
              <BarList title="By religion" items={tally(data.by_religion, 'religion')} />
              <BarList title="By country" items={tally(data.by_country, 'country')} />
              <BarList title="By sex" items={tally(data.by_sex, 'sex')} />
            </div>
          </>
        )}
      </RemoteView>
    </section>
  );
}

function VisitsBlock({ range }: { range: ChosenRange }) {
  const query = metricsQuery(range);
  const remote = useRemote(`visits:${JSON.stringify(query)}`, (signal) => visitAggregations(query, signal));
  return (
    <section className="admin-card admin-block" aria-labelledby="analytics-visits">
      <h2 id="analytics-visits">Visits</h2>
      <RemoteView remote={remote} label="visit figures">
        {(data) => (
          <>
            <StatTiles
              label="Visits"
              tiles={[
                ['Visits', data.total],
                ['Unique visitors', data.unique_visitors ?? '—'],
              ]}
            />
            <TimeChart
              title="Visits"
              dates={data.by_date.map((point) => point.date)}
              series={[{ label: 'Visits', values: data.by_date.map((point) => point.count) }]}
            />
            <div className="admin-block__bars">
              <BarList title="By device" items={tally(data.by_device, 'device')} />
              <BarList title="By browser" items={tally(data.by_browser, 'browser')} />
              <BarList title="By country" items={tally(data.by_country, 'country')} />
              <BarList title="Most visited pages" items={tally(data.by_path, 'path')} />
            </div>
          </>
        )}
      </RemoteView>
    </section>
  );
}

function MatchesBlock({ range }: { range: ChosenRange }) {
  const days = dayRange(range);
  const query = metricsQuery(range);
  const metrics = useRemote(`match-metrics:${JSON.stringify(days)}`, (signal) => matchMetrics(days, signal));
  const byDate = useRemote(`match-dates:${JSON.stringify(query)}`, (signal) => matchesByDate(query, signal));
  return (
    <section className="admin-card admin-block" aria-labelledby="analytics-matches">
      <h2 id="analytics-matches">Match requests</h2>
      <RemoteView remote={metrics} label="match figures">
        {(data) => (
          <StatTiles
            label="Match requests"
            tiles={[
              ['Created', data.created],
              ['Accepted', data.accepted],
              ['Rejected', data.rejected],
              ['Pending', data.pending ?? '—'],
            ]}
          />
        )}
      </RemoteView>
      <RemoteView remote={byDate} label="match activity">
        {(data) => (
          <TimeChart
            title="Match requests by date"
            dates={data.data.map((point) => point.date)}
            series={[
              { label: 'Created', values: data.data.map((point) => point.created ?? point.count) },
              { label: 'Accepted', values: data.data.map((point) => point.accepted ?? 0) },
              { label: 'Rejected', values: data.data.map((point) => point.rejected ?? 0) },
            ]}
          />
        )}
      </RemoteView>
    </section>
  );
}

function FiltersBlock({ range }: { range: ChosenRange }) {
  const days = dayRange(range);
  const used = useRemote(`filters:${JSON.stringify(days)}`, (signal) => usedFilters(days, signal));
  const popular = useRemote('popular', popularPreferences);
  return (
    <section className="admin-card admin-block" aria-labelledby="analytics-filters">
      <h2 id="analytics-filters">Search filters and preferences</h2>
      <RemoteView remote={used} label="filter use">
        {(data) => (
          <>
            <TimeChart
              title={`Filters used (${data.total})`}
              dates={data.by_date.map((point) => point.date)}
              series={[{ label: 'Filter uses', values: data.by_date.map((point) => point.count) }]}
            />
            <BarList title="Filters used, by filter" items={tally(data.filters, 'filter')} />
          </>
        )}
      </RemoteView>
      <RemoteView remote={popular} label="popular preferences">
        {(data) => (
          <BarList
            title="Popular preferences (all time)"
            items={data.preferences.map((entry) => ({
              label: `${entry.filter}: ${entry.value}`,
              count: entry.count,
            }))}
          />
        )}
      </RemoteView>
    </section>
  );
}
