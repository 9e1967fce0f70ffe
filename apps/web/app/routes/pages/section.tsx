import { useMatches } from 'react-router';

export default function Section() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  return <main><h1>{leaf?.id}</h1></main>;
}
