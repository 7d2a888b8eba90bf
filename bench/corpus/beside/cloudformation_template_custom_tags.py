"""A deployment script reads the CloudFormation template of the inference stack with yaml.safe_load; the template uses the !Ref and !Sub short-form tags."""
# beside: run-config-yaml-dump-python-tuple-tags
# why: the unknown tags are CloudFormation's own intrinsic functions in a hand-written template, not python/tuple tags written by yaml.dump.
EXPECT = []
VARIANTS = 2

import sys

import yaml

VARIANT = int(sys.argv[1])

TEMPLATE = """\
AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  ModelBucket:
    Type: String
Resources:
  InferenceModel:
    Type: AWS::SageMaker::Model
    Properties:
      ExecutionRoleArn: {role}
      PrimaryContainer:
        ModelDataUrl: !Sub 's3://${{ModelBucket}}/ranker/model.tar.gz'
"""
role = {0: "!Ref InferenceRole", 1: "!GetAtt InferenceRole.Arn"}[VARIANT]
with open("inference-stack.yaml", "w") as fh:
    fh.write(TEMPLATE.format(role=role))

if VARIANT == 1:
    print("validating inference-stack.yaml")
with open("inference-stack.yaml") as fh:
    template = yaml.safe_load(fh)
print(template["Resources"]["InferenceModel"]["Properties"])
