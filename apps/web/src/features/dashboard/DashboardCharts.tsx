import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Dashboard } from '@nubes/domain';
import { useTranslation } from 'react-i18next';

interface Bar {
  label: string;
  count: number;
}

/**
 * One count as horizontal bars with their values, and the same numbers as a table for screen
 * readers: the chart itself is hidden from them (recharts draws shapes, not a readable table).
 */
const CountChart = ({
  id,
  title,
  labelHeader,
  bars,
}: {
  id: string;
  title: string;
  labelHeader: string;
  bars: Bar[];
}) => {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  return (
    <Paper withBorder p="md" component="figure" m={0} aria-labelledby={`${id}-title`}>
      <Title order={3} size="h4" id={`${id}-title`} component="figcaption">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('dashboard.chartSummary', { count: total, groups: bars.length })}
      </Text>
      <div aria-hidden="true">
        <BarChart
          h={Math.max(120, bars.length * 30 + 30)}
          data={bars}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'count', label: t('dashboard.count'), color: 'blue.6' }]}
          withBarValueLabel
          withTooltip={false}
          gridAxis="none"
          xAxisProps={{ hide: true }}
          yAxisProps={{ width: 190, interval: 0 }}
          valueFormatter={(value) => numbers.format(value)}
          accessibilityLayer={false}
          barChartProps={{ margin: { right: 40 } }}
        />
      </div>
      {/* A table ignores the 1px box of .visually-hidden and would widen the page: its wrapper takes the class. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{t('dashboard.countColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{numbers.format(bar.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Paper>
  );
};

/** Counts per state and per centre over the services the person may read (lazy: recharts is large). */
export const DashboardCharts = ({ stateCounts, centreCounts }: Pick<Dashboard, 'stateCounts' | 'centreCounts'>) => {
  const { t } = useTranslation();
  if (stateCounts.length === 0) return <Text c="dimmed">{t('dashboard.countsNone')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <CountChart
        id="dashboard-by-state"
        title={t('dashboard.byState')}
        labelHeader={t('dashboard.stateColumn')}
        bars={stateCounts.map((c) => ({ label: t(`serviceStates.${c.state}`), count: c.count }))}
      />
      <CountChart
        id="dashboard-by-centre"
        title={t('dashboard.byCentre')}
        labelHeader={t('dashboard.centreColumn')}
        bars={centreCounts.map((c) => ({ label: c.abbreviation ?? t('dashboard.noProvider'), count: c.count }))}
      />
    </SimpleGrid>
  );
};
