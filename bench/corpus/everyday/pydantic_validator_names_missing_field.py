"""pydantic.errors.PydanticUserError: Decorators defined with incorrect fields: a config model's @field_validator (or old-style @validator) names a field the model does not have (renamed, misspelled, or moved to another model)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import warnings

from pydantic import BaseModel, field_validator

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
print("loading config schema", flush=True)

if V == 0:
    class TrainConfig(BaseModel):
        learning_rate: float = 3e-4          # was `lr` before the cleanup
        epochs: int = 10

        @field_validator("lr")
        @classmethod
        def positive(cls, v):
            if v <= 0:
                raise ValueError("must be positive")
            return v

    print(TrainConfig(learning_rate=1e-3))
elif V == 1:
    class DataConfig(BaseModel):
        train_path: str
        val_path: str
        batch_size: int = 32

        @field_validator("train_path", "val_path", "test_path")
        @classmethod
        def csv_only(cls, v):
            if not v.endswith(".csv"):
                raise ValueError("expected a .csv file")
            return v

    print(DataConfig(train_path="train.csv", val_path="val.csv"))
elif V == 2:
    def make_schema():
        class ServeConfig(BaseModel):
            model_uri: str
            max_batch: int = 64

            @field_validator("max_batchsize")
            @classmethod
            def cap(cls, v):
                return min(v, 256)

        return ServeConfig

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("serve")
    try:
        Schema = make_schema()
    except Exception:
        log.exception("invalid config schema")
        raise
    log.info("config %s", Schema(model_uri="models/v3"))
else:
    from pydantic import validator
    warnings.simplefilter("ignore")

    class OptimConfig(BaseModel):
        name: str = "adamw"
        weight_decay: float = 0.01

        @validator("momentum")
        def momentum_range(cls, v):
            assert 0 <= v < 1
            return v

    print(OptimConfig())
