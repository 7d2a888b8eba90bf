"""The checkout fraud check fetches a customer's features from the online feature store; features are materialized nightly, so a customer who signed up today has no row and the store answers 404, which the client raises."""
# beside: model-registry-pull-uses-git-tag-with-v-prefix
# why: the 404 is a feature lookup for an entity that does not exist yet (nightly materialization), not a model pull with a wrong version string; the fix is a default feature vector for new customers.
EXPECT = []
VARIANTS = 2

import sys

import httpx

VARIANT = int(sys.argv[1])
KNOWN = {f"C-{i:05d}" for i in range(10000, 10400)}
CUSTOMER = {0: "C-10442", 1: "C-10517"}[VARIANT]


def feature_store(request):
    customer = request.url.path.rsplit("/", 1)[-1]
    if customer not in KNOWN:
        return httpx.Response(404, json={"error": "entity not found"})
    return httpx.Response(200, json={"orders_90d": 4, "chargebacks_365d": 0, "account_age_days": 211})


class FeatureClient:
    def __init__(self):
        self.http = httpx.Client(base_url="http://features.ml.internal", transport=httpx.MockTransport(feature_store))

    def customer_features(self, customer_id):
        response = self.http.get(f"/v1/online/customer_profile/{customer_id}")
        response.raise_for_status()
        return response.json()


def fraud_score(order):
    features = FeatureClient().customer_features(order["customer_id"])
    return 0.02 + 0.3 * features["chargebacks_365d"]


print(f"scoring order O-88{VARIANT}21 for {CUSTOMER}")
print(fraud_score({"order_id": f"O-88{VARIANT}21", "customer_id": CUSTOMER, "amount": 129.0}))
