"""/score returns numpy scalars straight from the model (np.float32); FastAPI cannot serialize the response."""
EXPECT = ["score-endpoint-returns-numpy-float32"]
VARIANTS = 4

import logging
import sys

import numpy as np
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

VARIANT = int(sys.argv[1])

app = FastAPI(title="risk-scorer")
rng = np.random.default_rng(VARIANT)
WEIGHTS = rng.normal(size=6).astype(np.float32)


class Applicant(BaseModel):
    income: float
    debt: float
    age: int
    open_accounts: int
    late_payments: int
    tenure_years: float


def risk_score(a: Applicant):
    x = np.array([a.income / 1e5, a.debt / 1e4, a.age / 100, a.open_accounts, a.late_payments, a.tenure_years], dtype=np.float32)
    z = x @ WEIGHTS
    return 1.0 / (1.0 + np.exp(-z))


@app.post("/score")
def score(applicant: Applicant):
    p = risk_score(applicant)
    return {"risk": p, "decision": "review" if p > 0.5 else "approve"}


def main():
    payloads = [
        {"income": 52000, "debt": 8000, "age": 34, "open_accounts": 3, "late_payments": 0, "tenure_years": 4.5},
        {"income": 120000, "debt": 30000, "age": 51, "open_accounts": 7, "late_payments": 2, "tenure_years": 12},
        {"income": 18000, "debt": 15000, "age": 22, "open_accounts": 1, "late_payments": 4, "tenure_years": 0.5},
        {"income": 75000, "debt": 0, "age": 45, "open_accounts": 2, "late_payments": 0, "tenure_years": 20},
    ]
    client = TestClient(app)
    if VARIANT == 3:
        print("GET /docs ->", client.get("/docs").status_code)
        print("GET /openapi.json ->", client.get("/openapi.json").status_code)
    if VARIANT == 1:
        for p in payloads:
            print(client.post("/score", json=p).json())
    else:
        print(client.post("/score", json=payloads[VARIANT]).json())


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("risk_scorer.contract_test")
        log.info("contract test: POST /score")
        try:
            main()
        except Exception:
            log.exception("contract test errored")
            sys.exit(1)
    else:
        main()
