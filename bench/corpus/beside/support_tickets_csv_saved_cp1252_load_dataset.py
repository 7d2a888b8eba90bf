"""The support team's labeled tickets for the Spanish intent set were edited in Excel and saved as "CSV (comma delimited)", which on their Windows laptops writes cp1252; the training script loads the folder with datasets' csv builder."""
# beside: intent-annotations-vendor-b-extra-reviewer-field
# why: the columns are the same in every file; one file is cp1252 text (a UnicodeDecodeError underneath) from an Excel save, not a vendor export with an extra field.
EXPECT = []
VARIANTS = 2

import glob
import logging
import os
import sys

VARIANT = int(sys.argv[1])


def support_files():
    os.makedirs("data/tickets", exist_ok=True)
    texts = ["quiero cancelar mi pedido", "¿dónde está mi paquete?", "cambiar la dirección de envío",
             "reembolso todavía no llegó", "hablar con una persona"]
    with open("data/tickets/es_batch1.csv", "w", encoding="utf-8") as fh:
        fh.write("text,intent\n" + "".join(f"\"{texts[i % 5]} {i}\",{i % 5}\n" for i in range(300)))
    with open(f"data/tickets/es_batch{2 + VARIANT}_excel.csv", "w", encoding="cp1252") as fh:
        fh.write("text,intent\n" + "".join(f"\"{texts[(i + 1) % 5]} número {i}\",{(i + 1) % 5}\n" for i in range(300)))


def main():
    from datasets import load_dataset

    support_files()
    ds = load_dataset("csv", data_files=sorted(glob.glob("data/tickets/*.csv")), split="train")
    print(ds)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train-es: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("loading tickets failed")
            sys.exit(1)
    else:
        main()
