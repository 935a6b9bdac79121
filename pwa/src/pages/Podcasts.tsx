export default function Podcasts() {
  return <div className="container"><h1>Podcasts</h1></div>;
}
