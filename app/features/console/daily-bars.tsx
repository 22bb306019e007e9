import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The bars of a daily chart (Recharts). Loaded after the page is interactive: the figures are already on the
 * page as a table, so the chart is a picture of them, hidden from screen readers.
 */
export default function DailyBars({ data, name }: { data: Array<{ label: string; count: number }>; name: string }) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', aspectRatio: 2.6 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
      <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 11 }} interval="preserveStartEnd" />
      <YAxis orientation={rtl ? 'right' : 'left'} allowDecimals={false} width={44} tick={{ fontSize: 11 }} />
      <Tooltip cursor={{ fillOpacity: 0.08 }} />
      <Bar dataKey="count" name={name} fill="currentColor" radius={[4, 4, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
