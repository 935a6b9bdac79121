export default function Episode() {
  return <div className="container"><h1>Episode</h1></div>;
}
