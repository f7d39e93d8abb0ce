"""Training the main-content selector on the WCXB development split (see README.md)."""

#: The prefix of a model setting of stage 1 alone ("stage1.max_iter"; training.train
#: PARAMETERS), beside the settings of both stages.
STAGE1 = "stage1."
