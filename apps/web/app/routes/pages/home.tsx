export default function Home() {
  return <main><h1>Sports betting and casino</h1></main>;
}
