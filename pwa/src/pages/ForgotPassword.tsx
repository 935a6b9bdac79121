export default function ForgotPassword() {
  return <div className="container"><h1>ForgotPassword</h1></div>;
}
