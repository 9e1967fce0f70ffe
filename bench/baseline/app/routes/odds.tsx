import { useLoaderData } from 'react-router';

export const meta = () => [{ title: 'Odds' }];

/** 100 games with a 1X2 price each: what a listing page of the product shows, at its simplest. */
export function loader() {
  const now = Date.now();
  return Array.from({ length: 100 }, (_, i) => ({
    id: 1000 + i,
    home: `Home team ${i + 1}`,
    away: `Away team ${i + 1}`,
    startsAt: new Date(now + i * 15 * 60_000).toISOString(),
    prices: [1.5 + (i % 7) / 10, 3.2 + (i % 5) / 10, 4.1 + (i % 3) / 10],
  }));
}

export default function Odds() {
  const games = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Football</h1>
      <table>
        <thead>
          <tr>
            <th>Kick-off</th>
            <th>Game</th>
            <th>1</th>
            <th>X</th>
            <th>2</th>
          </tr>
        </thead>
        <tbody>
          {games.map((g) => (
            <tr key={g.id}>
              <td>{g.startsAt.slice(11, 16)}</td>
              <td>
                <a href={`/game/${g.id}`}>
                  {g.home} – {g.away}
                </a>
              </td>
              {g.prices.map((p, i) => (
                <td key={i}>
                  <button type="button">{p.toFixed(2)}</button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
